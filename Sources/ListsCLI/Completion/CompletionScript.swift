/// The completion scripts `lists completion SHELL` prints.
///
/// Each script is a thin wrapper: at every completion it runs `lists __complete -- WORD...`,
/// which works the candidates out from the command specs (``CompletionRequest``), so the
/// three shells cannot disagree and new commands complete without a new script. A first line
/// `:files` asks the shell to complete file paths.
package enum CompletionScript {
  /// The line `__complete` prints to ask for file-path completion.
  package static let filesMarker = ":files"

  /// The script for `shell`.
  package static func text(for shell: CompletionSpec.Shell) -> String {
    switch shell {
    case .bash: bash
    case .zsh: zsh
    case .fish: fish
    }
  }

  private static let bash = """
    # bash completion for lists, printed by `lists completion bash`.
    # Load it with eval "$(lists completion bash)" in ~/.bashrc, or save it as
    # ~/.local/share/bash-completion/completions/lists.
    _lists() {
      local cur words cword line candidates
      if declare -F _get_comp_words_by_ref >/dev/null; then
        _get_comp_words_by_ref -n =: cur words cword
      else
        words=("${COMP_WORDS[@]}") cword=$COMP_CWORD cur=${COMP_WORDS[COMP_CWORD]}
      fi
      COMPREPLY=()
      candidates=$("${words[0]}" __complete -- "${words[@]:1:cword}" 2>/dev/null) || return 0
      if [[ $candidates == "\(filesMarker)" ]]; then
        compopt -o filenames 2>/dev/null
        while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen -f -- "$cur")
        return 0
      fi
      while IFS= read -r line; do
        [[ -n $line ]] && COMPREPLY+=("$line")
      done <<<"$candidates"
    }
    complete -F _lists lists

    """

  private static let zsh = """
    #compdef lists
    # zsh completion for lists, printed by `lists completion zsh`.
    # Load it with eval "$(lists completion zsh)" after compinit in ~/.zshrc, or save it as
    # _lists in a folder of $fpath.
    _lists() {
      local -a candidates
      candidates=("${(@f)$("${words[1]}" __complete -- "${(@)words[2,CURRENT]}" 2>/dev/null)}")
      if [[ ${candidates[1]} == "\(filesMarker)" ]]; then
        _files
      elif [[ -n ${candidates[1]} ]]; then
        compadd -a candidates
      fi
    }
    if [[ ${funcstack[1]} == _lists ]]; then _lists "$@"; else compdef _lists lists; fi

    """

  private static let fish = """
    # fish completion for lists, printed by `lists completion fish`.
    # Load it with lists completion fish | source, or save it as
    # ~/.config/fish/completions/lists.fish.
    function __lists_complete
        set -l words (commandline -opc)
        set -l current (commandline -ct)
        set -l candidates ($words[1] __complete -- $words[2..-1] "$current" 2>/dev/null)
        if test "$candidates[1]" = "\(filesMarker)"
            __fish_complete_path "$current"
        else
            printf '%s\\n' $candidates
        end
    end
    complete -c lists -f -a '(__lists_complete)'

    """
}
